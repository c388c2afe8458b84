"""`python manage.py bench_engine`: print how many logs per second the checker replays."""

from django.core.management.base import BaseCommand

from games.engine.bench import main


class Command(BaseCommand):
    help = "Replay generated 2- and 4-player games and print logs per second (one core)."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=500)
        parser.add_argument("--repeats", type=int, default=3)

    def handle(self, *args, games, repeats, **options):
        main(["--games", str(games), "--repeats", str(repeats)], out=self.stdout)

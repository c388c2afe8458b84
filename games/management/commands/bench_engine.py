"""`python manage.py bench_engine`: print how many logs per second the checker replays; exit 1 below the target."""

from django.core.management.base import BaseCommand, CommandError

from games.engine.bench import main, missed


class Command(BaseCommand):
    help = "Replay generated 2- and 4-player games and print logs per second (one core)."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=500)
        parser.add_argument("--repeats", type=int, default=3)

    def handle(self, *args, games, repeats, **options):
        misses = missed(main(["--games", str(games), "--repeats", str(repeats)], out=self.stdout))
        if misses:
            raise CommandError(f"target missed: {'; '.join(misses)} (games/bench_targets.py)", returncode=1)

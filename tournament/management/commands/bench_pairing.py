"""`python manage.py bench_pairing`: print the pairing time of round 7 for 100, 1,000 and 5,000 players and the
worst over generated 10,000-player histories."""

from django.core.management.base import BaseCommand, CommandError

from tournament.pairing.bench import main, missed


class Command(BaseCommand):
    help = ("Time the Swiss pairing of round 7 of simulated events (100, 1,000, 5,000 players) and of generated "
            "10,000-player histories.")

    def add_arguments(self, parser):
        parser.add_argument("--sizes", type=int, nargs="*", default=[100, 1000, 5000])
        parser.add_argument("--round", type=int, default=7)
        parser.add_argument("--histories", type=int, default=4)

    def handle(self, *args, sizes, round, histories, **options):
        misses = missed(main(["--sizes", *map(str, sizes), "--round", str(round), "--histories", str(histories)],
                             out=self.stdout))
        if misses:
            raise CommandError(f"target missed: {'; '.join(misses)} (games/bench_targets.py)", returncode=1)

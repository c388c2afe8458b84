"""Tournaments, players, rounds and matches (`docs/tournament-rules.md`).

The models hold the record and state its invariants (statuses from the domain's enums, check constraints); the
rules live in the pure modules (`tournament.domain`, `tournament.pairing`, `scoring`), which work on the plain
records that `records.py` builds from these rows.
"""

import hashlib
import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Lower
from django.utils import timezone

from .domain.enums import ALL_PLAY_ALL_LIMIT, SOLO_STATUSES, MatchStatus, Play, Progressive, RoundStatus, System, resolved_system
from .domain.records import DEFAULT_SETTINGS
from .domain.limits import MAX_PLAYER_TEXT, MAX_ROUND_BREAK_S, MAX_TOURNAMENT_NAME
from .domain.results import ScoreFault, check_scores
from .domain.schedule import all_play_all_rounds


def choices_of(enum, labels: dict | None = None, name: str | None = None):
    """Django `TextChoices` with the members and values of a domain enum (labels: capitalised, or as given)."""
    labels = labels or {}
    members = [(member.name, (member.value, labels.get(member, member.value.capitalize()))) for member in enum]
    return models.TextChoices(name or enum.__name__, members)


def new_link_token() -> str:
    """32 random bytes, URL-safe: a private link cannot be guessed."""
    return secrets.token_urlsafe(32)


VERSION_FIELDS = ("data_version", "frame_version")


def save_without_versions(row, save, args, kwargs) -> None:
    """Never write a version back: only `versions.bump*()` move them, in the database.  A copy loaded before
    other changes holds an old number; writing it back would move the version backwards onto stale pages' keys."""
    if row.pk is not None and not row._state.adding and kwargs.get("update_fields") is None:
        kwargs["update_fields"] = [
            f.name for f in row._meta.concrete_fields if not f.primary_key and f.name not in VERSION_FIELDS
        ]
    save(*args, **kwargs)


class Tournament(models.Model):
    SystemChoice = models.TextChoices("SystemChoice", [
        ("AUTO", ("auto", "All-play-all with 10 entries or fewer, else Swiss")),
        *[(member.name, (member.value, {System.SWISS: "Swiss", System.ALL_PLAY_ALL: "All-play-all"}[member]))
          for member in System],
    ])
    AUTO, SWISS, ALL_PLAY_ALL = SystemChoice.AUTO, SystemChoice.SWISS, SystemChoice.ALL_PLAY_ALL
    ALL_PLAY_ALL_LIMIT = ALL_PLAY_ALL_LIMIT
    ProgressiveChoice = choices_of(Progressive, {Progressive.SUM: "Sum over the rounds",
                                                 Progressive.RUNNING: "Sum of running totals (chess reading)"},
                                   "ProgressiveChoice")
    HALF_POINT_CHOICES = [(0, "0"), (1, "½"), (2, "1")]
    PlayChoice = choices_of(Play, {Play.TABLE: "At the tables (results entered)",
                                   Play.ONLINE: "Online, in the site's game rooms"}, "PlayChoice")

    name = models.CharField(max_length=MAX_TOURNAMENT_NAME)
    slug = models.SlugField(max_length=80, unique=True)
    system = models.CharField(max_length=20, choices=SystemChoice.choices, default=SystemChoice.AUTO,
                              help_text="Fixed when entries close (round 1 is generated).")
    rounds_announced = models.PositiveSmallIntegerField(default=DEFAULT_SETTINGS.rounds)
    bye_half_points = models.PositiveSmallIntegerField(choices=HALF_POINT_CHOICES, default=DEFAULT_SETTINGS.bye_half_points)
    progressive = models.CharField(max_length=10, choices=ProgressiveChoice.choices, default=Progressive.SUM)
    clock_s = models.PositiveIntegerField(default=DEFAULT_SETTINGS.clock_s)
    late_entry_half_points = models.PositiveSmallIntegerField(choices=HALF_POINT_CHOICES,
                                                              default=DEFAULT_SETTINGS.late_entry_half_points)
    # VP for an excused absence (a requested bye), in half points (docs/tournament-rules.md, Byes).
    excused_half_points = models.PositiveSmallIntegerField(choices=HALF_POINT_CHOICES,
                                                           default=DEFAULT_SETTINGS.excused_half_points)
    # Where the next rounds are played (docs/online-play.md, Setting up); a round keeps the way it was published with.
    play = models.CharField(max_length=10, choices=PlayChoice.choices, default=Play.TABLE)
    # False hides the tournament from the public list (a test event); its pages stay reachable by address.
    listed = models.BooleanField(default=True, help_text="Shown in the public list of tournaments.")
    # An event that runs itself (docs/online-event.md): entries by the public form ("" closed), and the timetable.
    entries = models.CharField(max_length=10, blank=True, default="", choices=[
        ("open", "Open: entered once confirmed"), ("approve", "Open: entered once confirmed and accepted")])
    entries_close_at = models.DateTimeField(null=True, blank=True, help_text="Entries close by themselves then.")
    entries_max = models.PositiveIntegerField(null=True, blank=True, help_text="Entries close at this many players.")
    entries_rating = models.BooleanField(default=False, help_text="The entry form asks for a rating.")
    auto = models.BooleanField(default=False, help_text="Online rounds follow one another by themselves.")
    round_break_s = models.PositiveIntegerField(default=DEFAULT_SETTINGS.round_break_s)
    round_lead_s = models.PositiveIntegerField(default=DEFAULT_SETTINGS.round_lead_s)  # published this long before
    starts_at = models.DateTimeField(null=True, blank=True, help_text="The event's start: round 1's.")
    time_zone = models.CharField(max_length=64, blank=True, default="")  # an IANA name; "": the site's TIME_ZONE
    timetable_stopped = models.CharField(max_length=300, blank=True)  # why the timetable stopped; "" while it runs
    created_at = models.DateTimeField(auto_now_add=True)
    organisers = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="organised_tournaments")
    arbiters = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="arbitrated_tournaments")
    # Versions of what the public pages show (tournament/serving/versions.py): every change; every page's frame.
    data_version = models.PositiveBigIntegerField(default=0, editable=False)
    frame_version = models.PositiveBigIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["-created_at", "name"]
        constraints = [
            models.CheckConstraint(condition=Q(rounds_announced__gte=1), name="at_least_one_round"),
            models.CheckConstraint(condition=Q(bye_half_points__lte=2), name="bye_vp_at_most_one"),
            models.CheckConstraint(condition=Q(late_entry_half_points__lte=2), name="late_vp_at_most_one"),
            models.CheckConstraint(condition=Q(excused_half_points__lte=2), name="excused_vp_at_most_one"),
            models.CheckConstraint(condition=Q(round_break_s__lte=MAX_ROUND_BREAK_S), name="round_break_at_most_a_day"),
        ]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        save_without_versions(self, super().save, args, kwargs)

    def resolved_system(self, entries: int) -> System:
        """`auto` becomes all-play-all for 10 entries or fewer (docs/tournament-rules.md, Format)."""
        return resolved_system(self.system, entries)

    def rounds_to_play(self, entries: int, paired: bool) -> int:
        """How many rounds the event has: the announced number, or an all-play-all's table's.  Round 1 of an all-play-all
        fixes its number (n − 1 or n) into `rounds_announced`; before then, the table the entries so far would make."""
        if not paired and self.resolved_system(entries) == System.ALL_PLAY_ALL:
            return all_play_all_rounds(entries) or self.rounds_announced
        return self.rounds_announced

    @property
    def rounds_shown(self) -> int:
        """`rounds_to_play` for a page; a listing annotates `entry_count` and `has_rounds` to spare two queries each."""
        entries = getattr(self, "entry_count", None)
        paired = getattr(self, "has_rounds", None)
        return self.rounds_to_play(self.players.count() if entries is None else entries,
                                   self.rounds.exists() if paired is None else paired)

    def get_absolute_url(self):
        from django.urls import reverse

        return reverse("tournament:detail", args=[self.slug])


class Player(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    number = models.PositiveIntegerField(help_text="The player's id in the tournament file.")
    seed = models.PositiveIntegerField(help_text="Seed order: 1 is first; breaks every remaining tie.")
    name = models.CharField(max_length=MAX_PLAYER_TEXT)
    rating = models.IntegerField(null=True, blank=True)
    club = models.CharField(max_length=MAX_PLAYER_TEXT, blank=True)
    email = models.EmailField(blank=True)  # private (docs/online-event.md, Entries): never on a public page or sheet
    joined_round = models.PositiveSmallIntegerField(default=1)
    withdrawn_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # The secret of the player's private link (/p/<token>/); renewing it revokes the old link.
    link_token = models.CharField(max_length=43, unique=True, default=new_link_token, editable=False)
    # Moves with each change to the player's games: their public page (tournament/serving/versions.py).
    data_version = models.PositiveBigIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["tournament", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="player_number_unique"),
            models.UniqueConstraint(fields=["tournament", "seed"], name="player_seed_unique"),
            models.CheckConstraint(condition=Q(joined_round__gte=1), name="joined_round_positive"),
            # One address, one player (docs/online-event.md, Entries): compared case-folded, as addresses are.
            models.UniqueConstraint(Lower("email"), "tournament", condition=~Q(email=""),
                                    name="player_email_unique"),
        ]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        save_without_versions(self, super().save, args, kwargs)


class RetiredLink(models.Model):
    """A replaced private link: only its token's digest, so the old address can say "this link was replaced"."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="retired_links")
    token_digest = models.CharField(max_length=64, unique=True)
    retired_at = models.DateTimeField(auto_now_add=True)

    @staticmethod
    def digest(token: str) -> str:
        return hashlib.sha256(token.encode()).hexdigest()


class Round(models.Model):
    Status = choices_of(RoundStatus, {"complete": "Closed"}, name="RoundStatusChoice")
    DRAFT, PUBLISHED, COMPLETE = Status.DRAFT, Status.PUBLISHED, Status.COMPLETE

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    created_at = models.DateTimeField(auto_now_add=True)
    # How the round was published: at the tables, or online with a start time (no clock runs before it).
    play = models.CharField(max_length=10, choices=Tournament.PlayChoice.choices, default=Play.TABLE)
    starts_at = models.DateTimeField(null=True, blank=True)
    # Moves with each change to the round's matches: its pairings page (tournament/serving/versions.py).
    data_version = models.PositiveBigIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique"),
            # The organiser changes one draft at a time; a second click on "pair" must not make another.
            models.UniqueConstraint(fields=["tournament"], condition=Q(status="draft"), name="one_draft_round"),
        ]

    def __str__(self):
        return f"{self.tournament} round {self.number}"

    def save(self, *args, **kwargs):
        save_without_versions(self, super().save, args, kwargs)


SOLO = sorted(status.value for status in SOLO_STATUSES)


class Match(models.Model):
    Status = choices_of(MatchStatus, name="MatchStatusChoice")
    PENDING, PLAYED, FORFEIT, BYE, EXCUSED = Status.PENDING, Status.PLAYED, Status.FORFEIT, Status.BYE, Status.EXCUSED

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField()
    first = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="matches_first")
    second = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True, related_name="matches_second")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    # Six scores per player in colour order R O Y G B P, the first player's list first.
    scores = models.JSONField(null=True, blank=True)
    first_flagged = models.BooleanField(default=False)
    second_flagged = models.BooleanField(default=False)
    forfeit_winner = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    log = models.JSONField(null=True, blank=True)
    # An arbiter's decision ending its room's game: {"reason", "log": up to it, or null} (docs/tournament-file.md).
    decision = models.JSONField(null=True, blank=True)
    reason = models.CharField(max_length=300, blank=True, help_text="Why the pairing engine made this pairing.")
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    entered_at = models.DateTimeField(null=True, blank=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["round", "table"]
        verbose_name_plural = "matches"
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="match_table_unique"),
            # A bye and an excused absence have the one player and no second; every other match has two.
            models.CheckConstraint(condition=Q(status__in=SOLO, second__isnull=True) | ~Q(status__in=SOLO) & Q(second__isnull=False),
                                   name="bye_or_excused_has_no_second"),
            models.CheckConstraint(condition=~Q(first=F("second")), name="nobody_plays_themself"),
        ]

    def __str__(self):
        return f"{self.round}, table {self.table}"

    @property
    def has_result(self) -> bool:
        """A game with its result in: played, or forfeited (a bye or an excused absence is no game)."""
        return self.status in (self.PLAYED, self.FORFEIT)

    @classmethod
    def from_db(cls, db, field_names, values):
        """Remember who played in the match as read: a change that moves a player out of it changes their page."""
        match = super().from_db(db, field_names, values)
        match.loaded_players = (match.__dict__.get("first_id"), match.__dict__.get("second_id"))
        return match

    def clean(self):
        """A played match has a game's scores, no other match has any; a forfeit's winner played in it."""
        if self.status == self.PLAYED:
            try:
                check_scores(self.scores)
            except ScoreFault as fault:
                raise ValidationError({"scores": f"A played match needs a game's scores: {fault}."}) from None
        elif self.scores is not None:
            raise ValidationError({"scores": "Only a played match has scores."})
        if self.forfeit_winner_id is not None and self.forfeit_winner_id not in (self.first_id, self.second_id):
            raise ValidationError({"forfeit_winner": "The winner of a forfeit must be one of the two players."})


class ExcusedAbsence(models.Model):
    """A player excused from one round (docs/tournament-rules.md, Byes: excused absence).

    The organiser marks it (approved at once), or the player asks through the private link (requested, waiting for
    the organiser's approval).  Only an approved absence counts: the pairer leaves the player out of that round and
    the standings give the excused VP.  Cancelling or declining deletes the row; the audit log keeps the record.
    """

    class Status(models.TextChoices):
        REQUESTED = "requested", "Asked for, waiting for the organiser"
        APPROVED = "approved", "Approved"

    REQUESTED, APPROVED = Status.REQUESTED, Status.APPROVED

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="excused_absences")
    round_number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.APPROVED)
    requested_by_player = models.BooleanField(default=False, help_text="Asked for through the player's private link.")
    created_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["player", "round_number"]
        constraints = [
            models.UniqueConstraint(fields=["player", "round_number"], name="one_excuse_per_round"),
            models.CheckConstraint(condition=Q(round_number__gte=1), name="excused_round_positive"),
        ]

    def __str__(self):
        return f"{self.player} excused from round {self.round_number} ({self.status})"

    @property
    def approved(self) -> bool:
        return self.status == self.APPROVED


class SubmissionQuerySet(models.QuerySet):
    def open(self):
        """Submissions still to be answered: waiting for the opponent, or disputed and waiting for an arbiter."""
        return self.filter(status__in=(Submission.WAITING, Submission.DISPUTED))


class Submission(models.Model):
    """A result a player sent through their private link; it counts once the opponent confirms it.

    Confirming enters it as the match's result; a dispute leaves the match pending for an arbiter, who enters the
    result (which settles every submission of the match).
    """

    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for the opponent"
        CONFIRMED = "confirmed", "Confirmed"
        DISPUTED = "disputed", "Disputed"
        SETTLED = "settled", "Settled by an arbiter or organiser"

    WAITING, CONFIRMED, DISPUTED, SETTLED = Status.WAITING, Status.CONFIRMED, Status.DISPUTED, Status.SETTLED

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="submissions")
    by = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    scores = models.JSONField()
    first_flagged = models.BooleanField(default=False)
    second_flagged = models.BooleanField(default=False)
    log = models.JSONField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    note = models.CharField(max_length=300, blank=True, help_text="The opponent's reason for a dispute.")
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    # Not stored: set by services.submit_result when the result sent was already waiting, exactly so.
    already_in = False

    objects = SubmissionQuerySet.as_manager()

    class Meta:
        ordering = ["match", "-created_at"]

    def __str__(self):
        return f"{self.match}: result sent by {self.by}"


class ImmutableQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise PermissionError("Audit entries are never changed.")

    def delete(self):
        raise PermissionError("Audit entries are never deleted.")


class AuditEntry(models.Model):
    """One change to a tournament: who, when, what it was, what it became.  Written once, never edited."""

    # A deleted tournament's entries stay, as the site's record: the link goes, its name and slug remain.
    tournament = models.ForeignKey(Tournament, on_delete=models.SET_NULL, null=True, blank=True, related_name="audit")
    tournament_name = models.CharField(max_length=MAX_TOURNAMENT_NAME, blank=True)
    tournament_slug = models.SlugField(max_length=80, blank=True, db_index=True)
    at = models.DateTimeField(default=timezone.now, db_index=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    who = models.CharField(max_length=200, help_text="As the change was made: a user name, a player's link, the command line.")
    action = models.CharField(max_length=60)
    subject = models.CharField(max_length=200, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    objects = ImmutableQuerySet.as_manager()

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name_plural = "audit entries"

    def __str__(self):
        return f"{self.at:%Y-%m-%d %H:%M:%S} {self.who}: {self.action} {self.subject}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise PermissionError("Audit entries are never changed.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise PermissionError("Audit entries are never deleted.")

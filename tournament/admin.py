"""The admin site: accounts, and a read-only view of the tournaments' rows.

Every change to a tournament goes through `tournament.services`, in one
transaction with its audit entry; the admin would go behind their back.  So
the tournament's models are shown here read-only (a superuser may look, not
change), and an account that organises or arbitrates a tournament, entered a
result or is named in an audit entry cannot be deleted: deleting it would
take a tournament's last organiser away without the guard of
`services.remove_role`, and cut the audit's link to who did what.  Make the
account inactive instead: it can no longer log in, and the record stays whole.
"""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.db.models import ProtectedError
from django.db.models.signals import pre_delete

from .models import AuditEntry, ExcusedAbsence, Match, Player, Round, Submission, Tournament

User = get_user_model()


def reasons_to_keep(user) -> list[str]:
    """Why the account must stay, in words; empty when nothing of a tournament names it."""
    reasons = [f"organiser of {t}" for t in user.organised_tournaments.all()]
    reasons += [f"arbiter of {t}" for t in user.arbitrated_tournaments.all()]
    entries = AuditEntry.objects.filter(user=user).count()
    if entries:
        reasons.append(f"named in {entries} audit entr{'y' if entries == 1 else 'ies'}")
    results = Match.objects.filter(entered_by=user).count()
    if results:
        reasons.append(f"entered {results} result{'' if results == 1 else 's'}")
    return reasons


def _kept_sentence(user, reasons: list[str]) -> str:
    return (f"{user.get_username()} ({', '.join(reasons)}): make the account inactive instead "
            "(untick 'Active'), or remove the role through the tournament's 'Organisers and arbiters' page.")


class GuardedUserAdmin(UserAdmin):
    """Django's own user admin, refusing to delete an account a tournament's record names."""

    def get_deleted_objects(self, objs, request):
        to_delete, model_count, perms_needed, protected = super().get_deleted_objects(objs, request)
        for user in objs:
            reasons = reasons_to_keep(user)
            if reasons:
                protected = [*protected, _kept_sentence(user, reasons)]
        return to_delete, model_count, perms_needed, protected


def refuse_deleting_a_named_account(sender, instance, **kwargs):
    """Any other way of deleting (a shell, a script) meets the same refusal; nothing is deleted."""
    reasons = reasons_to_keep(instance)
    if reasons:
        raise ProtectedError(f"Cannot delete the account {_kept_sentence(instance, reasons)}", {instance})


class ReadOnlyAdmin(admin.ModelAdmin):
    """Shown, never changed here: changes go through the organiser's pages and the services."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


admin.site.unregister(User)
admin.site.register(User, GuardedUserAdmin)
pre_delete.connect(refuse_deleting_a_named_account, sender=User, dispatch_uid="tournament-keep-named-accounts")


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyAdmin):
    list_display = ("name", "slug", "system", "rounds_announced", "created_at")
    search_fields = ("name", "slug")


@admin.register(Player)
class PlayerAdmin(ReadOnlyAdmin):
    list_display = ("name", "tournament", "number", "seed", "rating", "club")
    list_select_related = ("tournament",)
    search_fields = ("name",)
    exclude = ("link_token",)  # the player's key: shown to organisers on their page, not here


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ("tournament", "number", "status")
    list_select_related = ("tournament",)


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = ("round", "table", "first", "second", "status")
    list_select_related = ("round__tournament", "first", "second")
    exclude = ("log",)


@admin.register(Submission)
class SubmissionAdmin(ReadOnlyAdmin):
    list_display = ("match", "by", "status", "created_at")
    exclude = ("log",)


@admin.register(ExcusedAbsence)
class ExcusedAbsenceAdmin(ReadOnlyAdmin):
    pass


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ("at", "tournament_name", "who", "action", "subject")
    search_fields = ("who", "action", "subject", "tournament_name")

import django.db.models.functions.text
from django.db import migrations, models


def one_player_per_address(apps, schema_editor):
    """Before the constraint: where one address (case-folded) was given to several players of a tournament (the
    entry form allowed it), the first player entered keeps it and the others' is cleared (the organiser sees
    addresses and may set them again)."""
    Player = apps.get_model("tournament", "Player")
    kept = set()
    for player in Player.objects.exclude(email="").order_by("tournament_id", "pk"):
        key = (player.tournament_id, player.email.lower())
        if key in kept:
            player.email = ""
            player.save(update_fields=["email"])
        kept.add(key)


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0012_decision'),
    ]

    operations = [
        migrations.RunPython(one_player_per_address, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='player',
            constraint=models.UniqueConstraint(django.db.models.functions.text.Lower('email'), models.F('tournament'), condition=models.Q(('email', ''), _negated=True), name='player_email_unique'),
        ),
    ]

"""The organiser's dashboard on a phone: nothing wider than the screen but a table's own scroll box."""

import pytest
from django.core.management import call_command

from tournament.models import Tournament
from tournament.management.commands.demo import DEMO_NAME

from .conftest import log_in, shot

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "a long secret"


def test_the_demo_dashboard_fits_a_390_px_phone(page, django_user_model):
    call_command("demo")
    organiser = django_user_model.objects.create_user("org", password=PASSWORD, is_staff=True)
    event = Tournament.objects.get(name=DEMO_NAME)
    event.organisers.add(organiser)
    log_in(page, "org", PASSWORD)
    page.goto(f"{page.base}/manage/{event.slug}/")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    wide = page.evaluate("""() => [...document.querySelectorAll('main *')].filter(e => {
        const r = e.getBoundingClientRect();
        return r.right > innerWidth + 1 && !e.closest('.table-wrap');
    }).map(e => e.tagName + '.' + e.className).slice(0, 5)""")
    assert wide == []
    shot(page, "dashboard-demo-390")
    page.goto(f"{page.base}/manage/{event.slug}/round/5/results/")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390

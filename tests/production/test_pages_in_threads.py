"""`make serve`'s pages: Django's WSGI handler run in a pool of threads under the ASGI server (tournament/serving/pages_in_threads.py)."""

import threading

import pytest
from asgiref.sync import async_to_sync
from asgiref.testing import ApplicationCommunicator
from django.core.signals import request_finished
from django.core.wsgi import get_wsgi_application

from tournament.serving.pages_in_threads import PagesInThreads

pytestmark = pytest.mark.django_db(transaction=True)


async def ask(application, method, path, body=b"", headers=()):
    scope = {"type": "http", "method": method, "path": path, "query_string": b"", "http_version": "1.1",
             "scheme": "http", "server": ("testserver", 80), "client": ("127.0.0.1", 50000),
             "headers": [(b"host", b"testserver"), *headers]}
    communicator = ApplicationCommunicator(application, scope)
    half = len(body) // 2
    await communicator.send_input({"type": "http.request", "body": body[:half], "more_body": True})
    await communicator.send_input({"type": "http.request", "body": body[half:]})
    start = await communicator.receive_output(10)
    answer = await communicator.receive_output(10)
    await communicator.wait(10)
    return start["status"], dict(start["headers"]), start["headers"], answer["body"]


def test_a_page_is_answered_whole_with_its_cookies_in_a_pool_thread_and_finished():
    finished = []
    request_finished.connect(lambda **kwargs: finished.append(threading.current_thread().name), weak=False,
                             dispatch_uid="test-pages-in-threads")
    try:
        status, headers, raw, body = async_to_sync(ask)(PagesInThreads(get_wsgi_application(), 2), "GET",
                                                        "/admin/login/")
    finally:
        request_finished.disconnect(dispatch_uid="test-pages-in-threads")
    assert status == 200 and b"<form" in body
    assert headers[b"content-type"].startswith(b"text/html")
    (cookie,) = [value for name, value in raw if name == b"set-cookie"]
    assert cookie.startswith(b"csrftoken=")  # no leading space, which the HTTP server would refuse
    # Django's request_finished (the database connection given back) ran, in one of the pool's threads.
    assert len(finished) == 1 and finished[0].startswith("page")


def test_a_posted_body_sent_in_two_parts_reaches_the_view_whole():
    body = b"username=nobody&password=wrong"
    status, _, _, answer = async_to_sync(ask)(PagesInThreads(get_wsgi_application(), 2), "POST", "/admin/login/", body,
                                     [(b"content-type", b"application/x-www-form-urlencoded"),
                                      (b"content-length", str(len(body)).encode())])
    assert status == 403 and b"CSRF" in answer  # the form arrived (no CSRF token in it), and was refused as such

"""The Content-Security-Policy every response carries, so injected markup cannot run a script.

Scripts come from the site's own static files only (tournament/static/,
served by WhiteNoise): no page has an inline script or an `on...=` attribute,
so an injected `<script>` or handler would not run even if a page let one
through.  Styles may be inline (every page has its own `<style>`, and the
admin uses style attributes): a style cannot run code.  Images from the site
and `data:` (the favicon); fetches (the live pages, the results grid) and
forms to the site only; no page may be framed, nor change its base address.
"""

from __future__ import annotations

POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", POLICY)
        return response

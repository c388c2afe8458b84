"""Path converters that refuse junk in an address in the URL resolver: a 404 before any query, so junk never costs a database read.

`token` is a private link's token as the site makes them
(`secrets.token_urlsafe`: URL-safe base64 letters); `number` a whole number
that fits the database's 64-bit integers.  Django's `str` and `int` let
through a NUL, which PostgreSQL refuses with an error (a 500 and a mail to
the admins), and numbers of any length, which neither database can hold.
Slugs use Django's own `slug`, already ASCII letters, digits, - and _.
"""

from django.urls import register_converter


class LinkTokenConverter:
    regex = "[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class NumberConverter:
    regex = "[0-9]{1,18}"  # below 2**63: a primary key, a round's or a player's number

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value) -> str:
        return str(value)


register_converter(LinkTokenConverter, "token")
register_converter(NumberConverter, "number")

"""Shared pytest fixtures.

pytest-django reads DJANGO_SETTINGS_MODULE from pyproject.toml; this file sits
at the root of tests/ so fixtures added here reach every test folder.
"""

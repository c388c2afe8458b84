"""A finished game's analysis for the pages: computed once per log, kept in Django's cache.

The analysis of a log never changes (`docs/analysis.md`), so it is kept
forever under the log's digest and a digest of the engine's code (a release
that changes how the engine counts computes it again).  What is kept is the
answer either way: the `Analysis`, or why the log is not analysed.  A cache
that fails (a stopped Redis) is a miss: the page computes it and is slower,
never an error.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
from pathlib import Path
from typing import Any

from django.core.cache import cache

from .engine.analysis import Analysis, NotAnalysed, analyse, analyse_text

logger = logging.getLogger(__name__)


@functools.cache
def engine_digest() -> str:
    """A digest of the engine's code: what the analysis's answer depends on besides the log."""
    digest = hashlib.sha256()
    engine = Path(__file__).resolve().parent / "engine"
    for path in sorted(engine.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


def log_digest(log: Any) -> str:
    """The digest of a log, parsed or as text (text as written: its bytes are the log)."""
    text = log if isinstance(log, str) else json.dumps(log, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def analysis_of(log: Any) -> Analysis | NotAnalysed:
    """The log's analysis, or why it is not analysed, from the cache or computed (and then kept) now."""
    key = f"game-analysis:{engine_digest()}:{log_digest(log)}"
    kept = _cache_call("get", key)
    if isinstance(kept, Analysis):
        return kept
    if isinstance(kept, tuple) and len(kept) == 2:  # a refusal, kept as (code, message)
        return NotAnalysed(*kept)
    try:
        answer: Analysis | NotAnalysed = analyse_text(log) if isinstance(log, str) else analyse(log)
        kept = answer
    except NotAnalysed as refused:
        answer, kept = refused, (refused.code, refused.message)
    _cache_call("set", key, kept, None)  # never expires: the same log always has the same analysis
    return answer


def _cache_call(method: str, *args):
    try:
        return getattr(cache, method)(*args)
    except Exception as error:  # noqa: BLE001 - a cache that fails makes the page slower, never an error
        logger.warning("analysis cache: %s failed (%s); computing without it", method, type(error).__name__)
        return None

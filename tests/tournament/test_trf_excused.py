"""Excused absences in TRF-16: `Z`, `H` or `F` by the excused VP, TRF's codes for a known absence.

See `tournament/tfile/trf.py`; the file shapes come from `test_tfile_excused.py`.
"""

import pytest

from tournament.tfile import parse
from tournament.tfile.trf import to_trf

from .test_tfile_excused import WIN, file


@pytest.mark.parametrize("excused_vp, code, points", [(0, "Z", "1.0"), (0.5, "H", "1.5"), (1, "F", "2.0")])
def test_trf_writes_an_excused_round_as_a_bye_code_of_its_points(excused_vp, code, points):
    # Cy: bye in round 1 (1 VP, written U: the pairing-allocated bye), excused in round 2.
    lines = to_trf(parse(file(excused_vp=excused_vp))).splitlines()
    cy = next(line for line in lines if "Cy" in line)
    assert cy[80:84] == points.rjust(4)
    assert cy[91:99] == "0000 - U" and cy[101:109] == f"0000 - {code}"
    # With --bye-codes the bye is F (1 VP), and the excused round keeps its own code.
    cy = next(line for line in to_trf(parse(file(excused_vp=excused_vp)), pairing_bye=False).splitlines() if "Cy" in line)
    assert cy[91:99] == "0000 - F" and cy[101:109] == f"0000 - {code}"


def test_an_excused_round_without_a_match_is_written_the_same():
    obj = file(excused_vp=0.5, matches=[{"first": 20, "second": 10, "status": "played", "scores": WIN}])
    cy = next(line for line in to_trf(parse(obj)).splitlines() if "Cy" in line)
    assert cy[101:109] == "0000 - H" and cy[80:84] == " 1.5"

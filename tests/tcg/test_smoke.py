from rules.tcg import actions as a
from rules.tcg.scenario import Side, Table
from tests.tcg.pack import PACK


def test_fight_smoke() -> None:
    t = Table(PACK, Side(field=["brute"]), Side(field=["grunt spent"]))
    t.act(0, a.Attack, unit="brute", target="grunt")
    t.act(1, a.Pass)
    assert t.field_ids(1) == []
    assert t.ids(t.seat(1).trash) == ["grunt"]

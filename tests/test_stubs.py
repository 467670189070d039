"""Issue 12 part 6: the compiled modules' type stubs match what they export."""
import pytest

import stubgen


@pytest.mark.parametrize("name", stubgen.MODULES)
def test_stub_is_up_to_date(name):
    if stubgen.hand_written(name):
        text = (stubgen.STUBS / f"{name}.pyi").read_text()
        module = __import__(f"cardavia._core.{name}", fromlist=["_"])
        for line in text.splitlines():   # every name a hand-written stub declares exists
            for prefix in ("def ", "class "):
                if line.startswith(prefix):
                    assert hasattr(module, line[len(prefix):].split("(")[0].split(":")[0]), line
        return
    assert (stubgen.STUBS / f"{name}.pyi").read_text() == stubgen.stub(name), \
        f"{name}.pyi is stale: run python tests/stubgen.py"

"""gradfix/phase_loops.py: which `while` state machines are read as nested loops, and how."""

from __future__ import annotations

from gradfix import syntax as ast
from gradfix.source import Source

MACHINE = '''
def fit(net, loader, epochs):
    stage = "open"
    done = 0
    feed = None
    while stage != "closed":
        if stage == "open":
            feed = enumerate(loader)
            stage = "step"
        elif stage == "step":
            pair = next(feed, None)
            if pair is None:
                stage = "close"
                continue
            k, (x, y) = pair
            net(x, y)
        elif stage == "close":
            done += 1
            stage = "open" if done < epochs else "closed"
'''


def _loop(text: str) -> ast.While:
    source = Source.from_text(text)
    return next(n for n in ast.walk(source.tree) if isinstance(n, ast.While))


def _read(text: str) -> bool:
    return hasattr(Source.from_text(text).tree, "phase_loops")


def test_the_machine_is_read_as_an_epoch_loop_around_a_batch_loop() -> None:
    loop = _loop(MACHINE)
    kinds = [type(s).__name__ for s in loop.body]
    assert kinds == ["Assign", "Assign", "For", "AugAssign", "Assign"]
    inner = loop.body[2]
    assert getattr(inner, "synthetic", False)
    assert ast.unparse(inner.target) == "(k, (x, y))"
    assert ast.unparse(inner.iter) == "enumerate(loader)"  # the call `feed` was bound to
    assert ast.unparse(inner.body[0]) == "net(x, y)"


def test_the_arms_are_read_in_the_order_of_the_states_not_of_the_text() -> None:
    text = MACHINE.replace(
        '''        if stage == "open":
            feed = enumerate(loader)
            stage = "step"
        elif stage == "step":''',
        '''        if stage == "step":''',
    ).replace(
        '''            stage = "open" if done < epochs else "closed"
''',
        '''            stage = "open" if done < epochs else "closed"
        elif stage == "open":
            feed = enumerate(loader)
            stage = "step"
''',
    )
    assert text != MACHINE
    loop = _loop(text)
    assert [type(s).__name__ for s in loop.body] == ["Assign", "Assign", "For", "AugAssign", "Assign"]


def test_machines_that_do_not_run_as_nested_loops_are_left_as_written() -> None:
    assert _read(MACHINE)
    # a `break` in the batch state leaves the whole machine, not a batch loop
    assert not _read(MACHINE.replace("            net(x, y)\n", "            net(x, y)\n            if k > 3:\n                break\n"))
    # an `else` arm, a state set in the middle of an arm, a state never reached
    assert not _read(MACHINE.replace('        elif stage == "close":', "        else:"))
    assert not _read(MACHINE.replace('            feed = enumerate(loader)\n', '            feed = enumerate(loader)\n            stage = "close"\n'))
    assert not _read(MACHINE.replace('stage = "open" if done < epochs else "closed"', 'stage = "closed"').replace('            stage = "close"\n', '            stage = "closed"\n'))
    # the batch state reads the item again after unpacking it; the iterator drawn anew each time
    assert not _read(MACHINE.replace("            net(x, y)\n", "            net(x, y, pair)\n"))
    assert not _read(MACHINE.replace("next(feed, None)", "next(iter(loader), None)"))

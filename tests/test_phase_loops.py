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
    # a state set in the middle of an arm, a state never reached
    assert not _read(MACHINE.replace('            feed = enumerate(loader)\n', '            feed = enumerate(loader)\n            stage = "close"\n'))
    assert not _read(MACHINE.replace('stage = "open" if done < epochs else "closed"', 'stage = "closed"').replace('            stage = "close"\n', '            stage = "closed"\n'))
    # the batch state reads the item again after unpacking it; the iterator drawn anew each time
    assert not _read(MACHINE.replace("            net(x, y)\n", "            net(x, y, pair)\n"))
    assert not _read(MACHINE.replace("next(feed, None)", "next(iter(loader), None)"))


def _kinds(text: str) -> list[str]:
    return [type(s).__name__ for s in _loop(text).body]


NESTED = ["Assign", "Assign", "For", "AugAssign", "Assign"]


def test_an_endless_machine_that_breaks_out_of_its_closing_state_is_read() -> None:
    endless = MACHINE.replace('while stage != "closed":', "while True:").replace(
        '            stage = "open" if done < epochs else "closed"\n',
        '            if done >= epochs:\n                break\n            stage = "open"\n',
    )
    assert [type(s).__name__ for s in _loop(endless).body] == ["Assign", "Assign", "For", "AugAssign", "If", "Assign"]
    # a state whose arm only breaks is the exit
    exit_arm = MACHINE.replace('while stage != "closed":', "while True:") + '        elif stage == "closed":\n            break\n'
    assert _kinds(exit_arm) == NESTED
    # a `continue` in a state other than the batch's runs that state again: left as written
    assert not _read(endless.replace("            done += 1\n", "            done += 1\n            if done == 1:\n                continue\n"))
    # an endless machine with no comparison of the state it dispatches on
    assert not _read(endless.replace('if stage == "open":', "if stage:"))


def test_a_catch_all_else_arm_and_a_match_are_read_as_their_states() -> None:
    assert _kinds(MACHINE.replace('        elif stage == "close":', "        else:")) == NESTED
    matched = MACHINE.replace("        if stage == \"open\":", "        match stage:\n          case \"open\":")
    matched = matched.replace('        elif stage == "step":', '          case "step":').replace('        elif stage == "close":', '          case "close":')
    assert _kinds(matched) == NESTED
    assert _kinds(matched.replace('case "close":', "case _:")) == NESTED
    # a guard or a capture pattern: left as written
    assert not _read(matched.replace('case "close":', 'case "close" if done:'))
    assert not _read(matched.replace('case "close":', "case other:"))


def test_a_batch_drawn_by_try_next_except_stop_iteration_is_the_batch_state() -> None:
    drawn = MACHINE.replace(
        '''            pair = next(feed, None)
            if pair is None:
                stage = "close"
                continue
            k, (x, y) = pair
''',
        '''            try:
                k, (x, y) = next(feed)
            except StopIteration:
                stage = "close"
                continue
''',
    )
    loop = _loop(drawn)
    assert [type(s).__name__ for s in loop.body] == NESTED
    assert ast.unparse(loop.body[2].target) == "(k, (x, y))"
    in_else = drawn.replace("                continue\n            net(x, y)\n", "            else:\n                net(x, y)\n")
    assert in_else != drawn
    assert _kinds(in_else) == NESTED
    # no `continue` and the batch after the `try`: it would run once more on the exhausted state
    assert not _read(drawn.replace("                continue\n", ""))
    # another exception caught, or a `finally`
    assert not _read(drawn.replace("except StopIteration:", "except Exception:"))


def test_a_state_on_an_attribute_or_a_dict_field_is_read() -> None:
    method = "class Fit:\n    def __init__(self):\n        self.stage = None\n\n" + "".join(
        "    " + line + "\n" if line else "\n" for line in MACHINE.replace("stage", "self.stage").replace("def fit(net,", "def fit(self, net,").splitlines()
    )
    assert _kinds(method) == NESTED
    # another method sets the state: the arms may call it
    assert not _read(method + '\n    def reset(self):\n        self.stage = "open"\n')
    assert not _read(method + '\n    def reset(self):\n        setattr(self, "stage", "open")\n')
    fields = MACHINE.replace('    stage = "open"\n', '    run = {"stage": "open"}\n').replace("stage", 'run["stage"]').replace('run["run["stage"]"]', "run")
    fields = fields.replace('run = {"run["stage"]": "open"}', 'run = {"stage": "open"}')
    assert _kinds(fields) == NESTED
    # the dict handed on whole in an arm: the callee may set the state
    assert not _read(fields.replace("            done += 1\n", "            done += 1\n            log(run)\n"))


def test_an_attribute_state_started_only_in_init_is_read() -> None:
    method = "class Fit:\n    def __init__(self):\n        self.stage = \"open\"\n\n" + "".join(
        "    " + line + "\n" if line else "\n"
        for line in MACHINE.replace('    stage = "open"\n', "").replace("stage", "self.stage").replace("def fit(net,", "def fit(self, net,").splitlines()
    )
    assert _kinds(method) == NESTED
    # `__init__` sets it twice (or under an `if`): the first state is not known
    twice = method.replace('        self.stage = "open"\n', '        self.stage = "open"\n        if resume:\n            self.stage = "step"\n', 1)
    assert not _read(twice)
    # an arm leaves mid-cycle by a `break` or `return`: a later run would resume there
    assert not _read(method.replace("            done += 1\n", "            done += 1\n            if done > 9:\n                break\n"))
    assert not _read(method.replace("            done += 1\n", "            done += 1\n            if done > 9:\n                return done\n"))
    # the `while True` form: after the machine leaves, its state is not the first one
    endless = method.replace('while self.stage != "closed":', "while True:").replace(
        'self.stage = "open" if done < epochs else "closed"', 'self.stage = "open" if done < epochs else "closed"\n            elif self.stage == "closed":\n                break'
    )
    assert not _read(endless)
    # another class's `__init__` stores the same attribute
    assert not _read(method + '\n\nclass Other:\n    def __init__(self):\n        self.stage = "step"\n')


def test_a_batch_state_that_breaks_out_when_the_data_runs_out_is_read() -> None:
    text = '''
def fit(net, loader, epochs):
    for epoch in range(epochs):
        stage = "open"
        while True:
            if stage == "open":
                feed = enumerate(loader)
                stage = "step"
            elif stage == "step":
                pair = next(feed, None)
                if pair is None:
                    break
                k, (x, y) = pair
                net(x, y)
'''
    loop = _loop(text)
    assert [type(s).__name__ for s in loop.body] == ["Assign", "Assign", "For", "Break"]
    assert getattr(loop.body[2], "synthetic", False) and not getattr(loop.body[3], "synthetic", False)
    drawn = text.replace(
        "                pair = next(feed, None)\n                if pair is None:\n                    break\n                k, (x, y) = pair\n",
        "                try:\n                    k, (x, y) = next(feed)\n                except StopIteration:\n                    break\n",
    )
    assert _kinds(drawn) == ["Assign", "Assign", "For", "Break"]
    # a state after the batch state is never reached: not read
    assert not _read(text + '            elif stage == "close":\n                stage = "open"\n')
    # a `continue` in the first arm runs it again: not read
    assert not _read(text.replace('                stage = "step"\n', '                if epoch == 0:\n                    continue\n                stage = "step"\n'))


def test_a_dict_state_reachable_by_another_name_is_not_read() -> None:
    fields = MACHINE.replace('    stage = "open"\n', '    run = {"stage": "open"}\n').replace("stage", 'run["stage"]').replace('run["run["stage"]"]', "run")
    fields = fields.replace('run = {"run["stage"]": "open"}', 'run = {"stage": "open"}')
    assert _kinds(fields) == NESTED
    # an alias made before the machine: an arm may set the field through it
    assert not _read(fields.replace('    feed = None\n', '    feed = None\n    alias = run\n'))
    # a function defined beside the machine names the dict
    assert not _read(fields.replace('    feed = None\n', '    feed = None\n\n    def stop():\n        run["stage"] = "close"\n\n'))

"""GF035: parameters bound once as a one-shot iterator (`filter(...)`, a generator expression
over `named_parameters()`) and handed to an optimizer rebuilt at every epoch for a new learning
rate. The first build spends the iterator: every later optimizer gets an empty parameter group
(torch accepts it without a word), so those parameters stop training after the first epoch.
The hand fix binds the iterator as a list. gradfix's fix (`list(...)` at the binding) trains
exactly like it: Adam over a `filter` kept as `self.head_params` of a solver class and rebuilt in
a `for` loop of another method; momentum SGD over two generator expressions (weight decay and
none) rebuilt in a `while` loop of a function; and SGD over `model.parameters()` first built
inside the epoch loop (an unsafe fix: the list is read at the binding, not at the first build);
a `filter` handed to two optimizers built in one tuple; and `self.params = net.parameters()`
bound by an `__init__` that says no word of training (the facts walk leaves it unread), SGD
rebuilt in a `while` loop of another method (unsafe fix). The buggy scripts train otherwise."""

from __future__ import annotations

from pathlib import Path

from .harness import assert_fixed_like_hand

PRELUDE = '''import hashlib
import json

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.set_num_threads(1)
X, Y = torch.randn(32, 5), torch.randn(32, 2)
loader = [(X[i : i + 8], Y[i : i + 8]) for i in range(0, 32, 8)]
losses = []
'''

EPILOGUE = '''
digest = hashlib.sha256()
for param in model.parameters():
    digest.update(bytes(param.detach().contiguous().flatten().view(torch.uint8).tolist()))
print(json.dumps({"losses": losses, "weights_sha256": digest.hexdigest()}))
'''

SOLVER = PRELUDE + '''

class Solver:
    def __init__(self, model, lr):
        self.model = model
        self.lr = lr
        body_ids = [id(p) for p in model[0].parameters()]
        self.head_params = {iterator}
        groups = [{"params": self.head_params, "lr": lr * 10}, {"params": model[0].parameters(), "lr": lr}]
        self.solver = torch.optim.Adam(groups, weight_decay=1e-4)

    def train(self, epochs):
        for epoch in range(epochs):
            for x, y in loader:
                self.solver.zero_grad()
                loss = F.mse_loss(self.model(x), y)
                loss.backward()
                self.solver.step()
                losses.append(loss.item())
            lr = self.lr / (epoch + 2)
            groups = [{"params": self.head_params, "lr": lr * 10}, {"params": self.model[0].parameters(), "lr": lr}]
            self.solver = torch.optim.Adam(groups, weight_decay=1e-4)


model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
Solver(model, 0.01).train(4)
''' + EPILOGUE

FILTERED = "filter(lambda p: id(p) not in body_ids, model.parameters())"


def test_a_filter_kept_on_self_and_rebuilt_each_epoch_trains_like_a_list(tmp_path: Path) -> None:
    buggy = SOLVER.replace("{iterator}", FILTERED)
    hand = SOLVER.replace("{iterator}", f"list({FILTERED})")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF035")


WHILE = PRELUDE + '''

def fit(model, epochs, lr):
    decay = {decay}
    no_decay = {no_decay}
    opt = torch.optim.SGD([{"params": decay, "weight_decay": 1e-3}, {"params": no_decay}], lr=lr, momentum=0.9)
    epoch = 0
    while epoch < epochs:
        for x, y in loader:
            opt.zero_grad()
            loss = F.mse_loss(model(x), y)
            loss.backward()
            opt.step()
            losses.append(loss.item())
        epoch += 1
        lr = lr * 0.7
        opt = torch.optim.SGD([{"params": decay, "weight_decay": 1e-3}, {"params": no_decay}], lr=lr, momentum=0.9)


model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
fit(model, 4, 0.05)
''' + EPILOGUE

DECAY = '(p for n, p in model.named_parameters() if not n.endswith("bias"))'
NO_DECAY = '(p for n, p in model.named_parameters() if n.endswith("bias"))'


def test_generator_expressions_rebuilt_in_a_while_loop_train_like_lists(tmp_path: Path) -> None:
    buggy = WHILE.replace("{decay}", DECAY).replace("{no_decay}", NO_DECAY)
    hand = WHILE.replace("{decay}", f"list{DECAY}").replace("{no_decay}", f"list{NO_DECAY}")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF035")


FIRST_IN_LOOP = PRELUDE + '''

def fit(model, epochs):
    params = {params}
    for epoch in range(epochs):
        optimizer = torch.optim.SGD(params, lr=0.05 / (epoch + 1))
        for x, y in loader:
            optimizer.zero_grad()
            loss = F.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
            losses.append(loss.item())


model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
try:
    fit(model, 3)
except ValueError as error:  # torch: "optimizer got an empty parameter list", at the second build
    assert "empty parameter list" in str(error)
    losses.append(-1.0)  # the training stopped there
''' + EPILOGUE


def test_parameters_first_built_in_the_epoch_loop_train_like_a_list_with_unsafe_fixes(tmp_path: Path) -> None:
    buggy = FIRST_IN_LOOP.replace("{params}", "model.parameters()")
    hand = FIRST_IN_LOOP.replace("{params}", "list(model.parameters())")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF035", "--unsafe-fixes")


TUPLE = PRELUDE + '''

def fit(model, epochs):
    params = {params}
    warm, main = torch.optim.SGD(params, lr=0.05), torch.optim.Adam(params, lr=1e-2)
    for epoch in range(epochs):
        optimizer = warm if epoch == 0 else main
        for x, y in loader:
            optimizer.zero_grad()
            loss = F.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
            losses.append(loss.item())


model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
try:
    fit(model, 3)
except ValueError as error:  # torch: "optimizer got an empty parameter list", at Adam's build
    assert "empty parameter list" in str(error)
    losses.append(-1.0)  # nothing trained
''' + EPILOGUE

FILTER_ALL = "filter(lambda p: p.requires_grad, model.parameters())"


def test_a_filter_handed_to_two_optimizers_built_in_one_tuple_trains_like_a_list(tmp_path: Path) -> None:
    buggy = TUPLE.replace("{params}", FILTER_ALL)
    hand = TUPLE.replace("{params}", f"list({FILTER_ALL})")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF035")


QUIET_INIT = PRELUDE + '''

class Solver:
    def __init__(self, net, rounds):
        self.net = net
        self.rounds = rounds
        self.params = {params}

    def solve(self):
        rate, done = 0.05, 0
        while done < self.rounds:
            optimizer = torch.optim.SGD(self.params, lr=rate, momentum=0.9)
            for x, y in loader:
                optimizer.zero_grad()
                loss = F.mse_loss(self.net(x), y)
                loss.backward()
                optimizer.step()
                losses.append(loss.item())
            rate, done = rate * 0.5, done + 1


model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
try:
    Solver(model, 3).solve()
except ValueError as error:  # torch: "optimizer got an empty parameter list", at the second build
    assert "empty parameter list" in str(error)
    losses.append(-1.0)  # the training stopped there
''' + EPILOGUE


def test_parameters_kept_on_self_by_an_init_without_training_words_rebuilt_in_a_while_loop(tmp_path: Path) -> None:
    """The `__init__` binding `self.params` says no word of training (the facts walk leaves
    it unread): the rule still finds the binding; the fix is unsafe (first read in another
    method)."""
    buggy = QUIET_INIT.replace("{params}", "net.parameters()")
    hand = QUIET_INIT.replace("{params}", "list(net.parameters())")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF035", "--unsafe-fixes")


def test_torch_refuses_a_spent_iterator_only_as_the_whole_parameter_list() -> None:
    """What the rule's docs say of torch: a spent iterator handed as the whole `params`
    raises at once; as a group (alone or beside others, or through `add_param_group`) it is an
    empty group, accepted without a word."""
    import pytest
    import torch

    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Linear(4, 2))
    spent = model.parameters()
    torch.optim.SGD(spent, lr=0.1)
    with pytest.raises(ValueError, match="empty parameter list"):
        torch.optim.SGD(spent, lr=0.1)
    head = model[1].parameters()
    torch.optim.Adam([{"params": head}])
    alone = torch.optim.Adam([{"params": head}])
    beside = torch.optim.Adam([{"params": head, "lr": 1.0}, {"params": model[0].parameters()}])
    grown = torch.optim.SGD(model[0].parameters(), lr=0.1)
    grown.add_param_group({"params": head})
    assert [len(g["params"]) for g in alone.param_groups] == [0]
    assert [len(g["params"]) for g in beside.param_groups] == [0, 2]
    assert [len(g["params"]) for g in grown.param_groups] == [2, 0]


def test_torch_leaves_the_second_group_of_one_optimizer_empty_and_refuses_the_list() -> None:
    """Why GF035 gives two groups of one optimizer over one iterator no fix: the second
    group is empty (its settings reach no parameter), and a list in both groups, or added
    again by `add_param_group`, raises. A list added to another optimizer is accepted."""
    import pytest
    import torch

    from gradfix.runner import Options, process_source

    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Linear(4, 2))
    head = model[1].parameters()
    both = torch.optim.AdamW([{"params": head}, {"params": head, "weight_decay": 0.0}], lr=0.1)
    assert [len(g["params"]) for g in both.param_groups] == [2, 0]
    rest = filter(lambda p: p.requires_grad, model.parameters())
    grown = torch.optim.SGD(rest, lr=0.1)
    grown.add_param_group({"params": rest, "lr": 0.01})
    assert [len(g["params"]) for g in grown.param_groups] == [4, 0]
    listed = list(model[1].parameters())
    with pytest.raises(ValueError, match="more than one parameter group"):
        torch.optim.AdamW([{"params": listed}, {"params": listed, "weight_decay": 0.0}], lr=0.1)
    with pytest.raises(ValueError, match="more than one parameter group"):
        torch.optim.SGD(listed, lr=0.1).add_param_group({"params": listed, "lr": 0.01})
    other = torch.optim.SGD(model[0].parameters(), lr=0.1)
    other.add_param_group({"params": listed})
    assert [len(g["params"]) for g in other.param_groups] == [2, 2]
    # and gradfix reports both forms without a fix
    code = """import torch


def build(model, lr):
    rest = filter(lambda p: p.requires_grad, model.parameters())
    opt = torch.optim.SGD(rest, lr=lr)
    opt.add_param_group({"params": rest, "lr": lr / 10})
    head = model.head.parameters()
    return opt, torch.optim.AdamW([{"params": head}, {"params": head, "weight_decay": 0.0}], lr=lr)


def train(model, loader):
    opt, _ = build(model, 0.1)
    for x, y in loader:
        opt.zero_grad(set_to_none=True)
        model(x).sub(y).pow(2).mean().backward()
        opt.step()
"""
    result = process_source("build.py", code.encode(), Options(select=frozenset({"GF035"}), unsafe_fixes=True, fix=True))
    assert result.error is None, result.error
    assert [d.code for d in result.diagnostics] == ["GF035", "GF035"]
    assert result.fixed is None


FACTORY = PRELUDE + '''

def make_optimizer(params, lr):
    return torch.optim.SGD(params, lr=lr, momentum=0.9)


def fit(model, epochs):
    trainable = {params}
    lr = 0.05
    epoch = 0
    while epoch < epochs:
        optimizer = make_optimizer(trainable, lr)
        for x, y in loader:
            optimizer.zero_grad()
            loss = F.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
        lr = lr * 0.5
        epoch += 1


model = torch.nn.Sequential(torch.nn.Linear(5, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
try:
    fit(model, 3)
except ValueError as error:  # torch: "optimizer got an empty parameter list", at the second build
    assert "empty parameter list" in str(error)
    losses.append(-1.0)
''' + EPILOGUE


def test_a_filter_handed_to_an_optimizer_factory_of_the_module_in_a_while_loop(tmp_path: Path) -> None:
    # `make_optimizer(trainable, lr)`, whose one statement returns SGD over its first
    # parameter: the second epoch's build gets the spent filter (an unsafe fix: the list is
    # read at the binding, not at the first build)
    buggy = FACTORY.replace("{params}", FILTER_ALL)
    hand = FACTORY.replace("{params}", f"list({FILTER_ALL})")
    assert_fixed_like_hand(tmp_path, buggy, hand, "--select", "GF035", "--unsafe-fixes")

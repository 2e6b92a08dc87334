from dataclasses import dataclass

import torch


@dataclass
class RunState:
    net: torch.nn.Module
    opt: torch.optim.Optimizer
    sched: object = None


def run_epoch(state: RunState, batches) -> RunState:
    for inputs, targets in batches:
        state.sched = torch.optim.lr_scheduler.StepLR(state.opt, step_size=4, gamma=0.5)
        state.opt.zero_grad()
        torch.nn.functional.mse_loss(state.net(inputs), targets).backward()
        state.opt.step()
        state.sched.step()
    return state


net = torch.nn.Linear(4, 2)
state = RunState(net, torch.optim.SGD(net.parameters(), lr=0.1))
batches = [(torch.randn(3, 4), torch.randn(3, 2)) for _ in range(6)]
for epoch in range(3):
    state = run_epoch(state, batches)

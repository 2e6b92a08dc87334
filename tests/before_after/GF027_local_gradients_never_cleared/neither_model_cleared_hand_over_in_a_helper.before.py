import torch
import torch.nn as nn
import torch.nn.functional as F


def make_policy() -> nn.Module:
    return nn.Sequential(nn.Linear(6, 32), nn.Tanh(), nn.Linear(32, 2))


def sync_grads(worker_net: nn.Module, global_net: nn.Module) -> None:
    for w, g in zip(worker_net.parameters(), global_net.parameters()):
        g._grad = w.grad


def run_worker(global_net: nn.Module, global_opt: torch.optim.Optimizer, episodes: int) -> None:
    worker_net = make_policy()
    worker_net.load_state_dict(global_net.state_dict())
    for episode in range(episodes):
        obs = torch.randn(16, 6)
        returns = torch.randn(16)
        values = worker_net(obs)[:, 0]
        loss = F.mse_loss(values, returns)
        loss.backward()
        sync_grads(worker_net, global_net)
        global_opt.step()
        worker_net.load_state_dict(global_net.state_dict())


global_net = make_policy()
global_opt = torch.optim.Adam(global_net.parameters(), lr=1e-3)
run_worker(global_net, global_opt, 20)

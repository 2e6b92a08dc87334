import torch


def worker_updates(local, shared, shared_opt, rollouts):
    for states, targets in rollouts:
        local.load_state_dict(shared.state_dict())
        loss = torch.nn.functional.mse_loss(local(states), targets)
        shared_opt.zero_grad()
        local.zero_grad()
        loss.backward()
        for local_p, shared_p in zip(local.parameters(), shared.parameters()):
            shared_p._grad = local_p.grad
        shared_opt.step()

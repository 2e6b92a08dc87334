# A3C worker with a guarded hand-over: it clears its local model and the shared optimizer, so
# the shared gradients are None again before each hand-over, which passes the new tensors on.
import torch.nn.functional as F


def share_grads(local_model, global_model):
    for p, gp in zip(local_model.parameters(), global_model.parameters()):
        if gp.grad is not None:
            return
        gp._grad = p.grad


def worker(local_model, global_model, global_optimizer, rollouts):
    while True:
        for obs, ret in rollouts:
            local_model.load_state_dict(global_model.state_dict())
            local_model.zero_grad()
            global_optimizer.zero_grad()
            F.mse_loss(local_model(obs), ret).backward()
            share_grads(local_model, global_model)
            global_optimizer.step()

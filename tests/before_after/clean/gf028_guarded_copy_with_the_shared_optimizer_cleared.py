import torch
import torch.nn.functional as F


def push_gradients(local_net, global_net):
    for lp, gp in zip(local_net.parameters(), global_net.parameters()):
        if gp.grad is not None:
            return
        gp._grad = lp.grad.clone()


def worker(rank, global_net, global_opt, make_net, rollouts):
    torch.manual_seed(rank)
    local_net = make_net()
    for obs, target in rollouts:
        local_net.load_state_dict(global_net.state_dict())
        local_net.zero_grad()
        global_opt.zero_grad()
        value = local_net(obs)
        F.smooth_l1_loss(value, target).backward()
        push_gradients(local_net, global_net)
        global_opt.step()

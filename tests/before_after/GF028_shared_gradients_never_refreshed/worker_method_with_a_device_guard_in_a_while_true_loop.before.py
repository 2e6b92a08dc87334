# A worker class: the hand-over skips parameters that hold a gradient unless the shared model
# lives on another device (then it copies); on one device the guard keeps the first gradient.
import torch
import torch.nn.functional as F


def sync_grads(local_net, global_net, on_gpu=False):
    for lp, gp in zip(local_net.parameters(), global_net.parameters()):
        if gp.grad is not None and not on_gpu:
            return
        elif not on_gpu:
            gp._grad = lp.grad
        else:
            gp._grad = lp.grad.cpu()


class Agent:
    def __init__(self, net, global_net, global_opt, env):
        self.net = net
        self.global_net = global_net
        self.global_opt = global_opt
        self.env = env

    def run(self, max_steps):
        steps = 0
        while True:
            self.net.load_state_dict(self.global_net.state_dict())
            obs, target = self.env.sample()
            loss = F.mse_loss(self.net(obs), target)
            self.net.zero_grad()  # fresh local gradients
            loss.backward()
            torch.nn.utils.clip_grad_norm_(self.net.parameters(), 40.0)
            sync_grads(self.net, self.global_net)
            self.global_opt.step()
            steps += 1
            if steps >= max_steps:
                break

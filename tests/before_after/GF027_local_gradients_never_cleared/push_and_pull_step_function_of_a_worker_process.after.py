# The worker process calls a step function that clears the shared optimizer, backpropagates
# the local network, hands its gradients over, steps and pulls the new weights back.
import torch
import torch.multiprocessing as mp


def push_and_pull(opt, lnet, gnet, batch, targets):
    loss = lnet.loss_func(batch, targets)
    opt.zero_grad()
    lnet.zero_grad()
    loss.backward()
    for lp, gp in zip(lnet.parameters(), gnet.parameters()):
        gp._grad = lp.grad
    opt.step()
    lnet.load_state_dict(gnet.state_dict())


class Worker(mp.Process):
    def __init__(self, gnet, opt, make_net, env):
        super().__init__()
        self.gnet, self.opt = gnet, opt
        self.lnet = make_net()
        self.env = env

    def run(self):
        episodes = 0
        while episodes < 100:
            batch, targets = self.env.collect(self.lnet)
            push_and_pull(self.opt, self.lnet, self.gnet, batch, targets)
            episodes += 1

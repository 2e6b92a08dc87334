# No guard: every iteration hands the new local tensors to the shared model, so clearing only
# the local model is enough.
import torch.nn.functional as F


def train(net, shared_net, opt, batches):
    for x, y in batches:
        net.load_state_dict(shared_net.state_dict())
        net.zero_grad()
        F.cross_entropy(net(x), y).backward()
        for p, sp in zip(net.parameters(), shared_net.parameters()):
            sp._grad = p.grad
        opt.step()

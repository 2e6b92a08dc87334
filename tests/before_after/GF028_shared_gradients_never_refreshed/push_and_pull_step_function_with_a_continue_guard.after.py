# A step function (called once per update): the local clear is written first, the guard
# skips each parameter whose shared gradient is already set.
import torch.nn.functional as F


def push_and_pull(opt, lnet, gnet, s, v_target):
    lnet.zero_grad()
    opt.zero_grad()
    loss = F.smooth_l1_loss(lnet(s).squeeze(-1), v_target)
    loss.backward()
    for lp, gp in zip(lnet.parameters(), gnet.parameters()):
        if gp.grad is not None:
            continue
        gp._grad = lp.grad
    opt.step()
    lnet.load_state_dict(gnet.state_dict())
    return loss.item()


def work(opt, lnet, gnet, rollouts):
    for s, v_target in rollouts:
        push_and_pull(opt, lnet, gnet, s, v_target)

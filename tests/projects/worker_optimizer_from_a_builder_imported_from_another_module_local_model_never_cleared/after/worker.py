import copy

from optim_utils import create_optimizer


def work(hp, global_net, stream, steps=100):
    local_net = copy.deepcopy(global_net)
    shared_opt = create_optimizer(hp, model=global_net)
    step = 0
    while step < steps:
        states, returns = next(stream)
        local_net.load_state_dict(global_net.state_dict())
        loss = (local_net(states) - returns).pow(2).mean()
        shared_opt.zero_grad()
        local_net.zero_grad()
        loss.backward()
        for mine, theirs in zip(local_net.parameters(), global_net.parameters()):
            theirs._grad = mine.grad
        shared_opt.step()
        step += 1

import copy

from optim_utils import create_optimizer, make_opt


def work(hp, global_net, stream, steps=100):
    local_net = copy.deepcopy(global_net)
    opt = create_optimizer(hp, model=local_net)
    for _ in range(steps):
        states, returns = next(stream)
        local_net.load_state_dict(global_net.state_dict())
        loss = (local_net(states) - returns).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        for mine, theirs in zip(local_net.parameters(), global_net.parameters()):
            theirs._grad = mine.grad
        opt.step()


def work_with_a_factory(hp, global_net, stream, make, steps=100):
    local_net = copy.deepcopy(global_net)
    opt = make_opt(hp, local_net, factory=make)
    for _ in range(steps):
        states, returns = next(stream)
        local_net.load_state_dict(global_net.state_dict())
        loss = (local_net(states) - returns).pow(2).mean()
        opt.zero_grad()
        local_net.zero_grad()
        loss.backward()
        for mine, theirs in zip(local_net.parameters(), global_net.parameters()):
            theirs._grad = mine.grad
        opt.step()

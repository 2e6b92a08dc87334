def record_grad_size(net, history):
    history.append(sum(p.grad.abs().sum().item() for p in net.parameters() if p.grad is not None))
    net.zero_grad()

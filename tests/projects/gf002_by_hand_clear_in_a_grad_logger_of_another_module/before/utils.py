def log_and_free(net, log):
    log.append(sum(p.grad.norm().item() for p in net.parameters()))
    for p in net.parameters():
        p.grad = None

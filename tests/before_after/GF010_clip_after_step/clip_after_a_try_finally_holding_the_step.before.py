import torch


def run_epoch(net, batches, opt, loss_fn, max_norm=1.0):
    done = 0
    i = 0
    while i < len(batches):
        inputs, labels = batches[i]
        i += 1
        opt.zero_grad(set_to_none=True)
        try:
            loss = loss_fn(net(inputs), labels)
            loss.backward()
            opt.step()
        finally:
            done += 1
        if max_norm is not None:
            torch.nn.utils.clip_grad_norm_(net.parameters(), max_norm)
    return done

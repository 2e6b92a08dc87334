import torch.nn.functional as F


def run_epoch(net, batches, opt, *, loss_scaler, log_every=10):
    step = 0
    while step < len(batches):
        opt.zero_grad(set_to_none=True)
        images, labels = batches[step]
        loss = F.cross_entropy(net(images), labels)
        loss_scaler(loss, opt, parameters=net.parameters())
        if step % log_every == 0:
            print(step, loss.item())
        step += 1

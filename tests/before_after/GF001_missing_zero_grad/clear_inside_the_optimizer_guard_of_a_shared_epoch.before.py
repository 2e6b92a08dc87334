import torch
import torch.nn.functional as F


def epoch_pass(net, batches, opt=None):
    net.train(opt is not None)
    total = 0.0
    with torch.set_grad_enabled(opt is not None):
        for inputs, labels in batches:
            if opt is not None:
                loss = F.cross_entropy(net(inputs), labels)
                loss.backward()
                opt.step()
            else:
                loss = F.cross_entropy(net(inputs), labels)
            total += loss.item()
    return total / len(batches)

import torch
import torch.nn.functional as F


def epoch_pass(net, batches, opt=None):
    learning = opt is not None
    net.train(learning)
    total = 0.0
    with torch.set_grad_enabled(learning):
        for inputs, labels in batches:
            loss = F.cross_entropy(net(inputs), labels)
            if learning:
                opt.zero_grad(set_to_none=True)
                loss.backward()
                opt.step()
            total += loss.item()
    return total / len(batches)

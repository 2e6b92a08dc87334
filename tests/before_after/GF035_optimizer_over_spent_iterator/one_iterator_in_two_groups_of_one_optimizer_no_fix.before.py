import torch
import torch.nn.functional as F


class Tuner:
    def __init__(self, model, lr):
        self.model = model
        backbone = (p for n, p in model.named_parameters() if not n.startswith("head"))
        self.opt = torch.optim.AdamW(
            [{"params": backbone, "lr": lr / 10}, {"params": backbone, "weight_decay": 0.0}], lr=lr
        )

    def tune(self, batches):
        step = 0
        while step < len(batches):
            x, y = batches[step]
            self.opt.zero_grad(set_to_none=True)
            F.cross_entropy(self.model(x), y).backward()
            self.opt.step()
            step += 1


def build_sgd(net, lr):
    trainable = filter(lambda p: p.requires_grad, net.parameters())
    optimizer = torch.optim.SGD(trainable, lr=lr, momentum=0.9)
    optimizer.add_param_group({"params": trainable, "lr": lr * 0.1})
    return optimizer

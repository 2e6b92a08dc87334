import torch
import torch.nn.functional as F


def run(net, loaders, n_epochs, steps_per_update=8):
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for epoch in range(n_epochs):
        for split in ("train", "valid"):
            net.train(split == "train")
            n_acc = 0
            opt.zero_grad(set_to_none=True)
            for clips, labels in loaders[split]:
                n_acc += 1
                loss = F.cross_entropy(net(clips), labels) / steps_per_update
                loss.backward()
                if n_acc == steps_per_update and split == "train":
                    n_acc = 0
                    opt.step()
                    opt.zero_grad(set_to_none=True)
            if split == "train" and n_acc:
                opt.step()
                opt.zero_grad(set_to_none=True)


class Learner:
    def __init__(self, model, window, updating=True):
        self.model = model
        self.window = window
        self.updating = updating
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)

    def fit_epoch(self, batches):
        pending = 0
        self.optimizer.zero_grad(set_to_none=True)
        for inputs, targets in batches:
            pending += 1
            loss = torch.nn.functional.mse_loss(self.model(inputs), targets)
            (loss / self.window).backward()
            if pending >= self.window and self.updating:
                pending = 0
                self.optimizer.step()
                self.optimizer.zero_grad(set_to_none=True)
        if self.updating and pending > 0:
            self.optimizer.step()
            self.optimizer.zero_grad(set_to_none=True)

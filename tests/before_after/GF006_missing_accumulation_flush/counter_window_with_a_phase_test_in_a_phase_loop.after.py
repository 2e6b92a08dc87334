import torch
import torch.nn.functional as F


def run(net, loaders, n_epochs, steps_per_update=8):
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for epoch in range(n_epochs):
        for split in ("train", "valid"):
            net.train(split == "train")
            n_acc = 0
            opt.zero_grad()
            for clips, labels in loaders[split]:
                n_acc += 1
                loss = F.cross_entropy(net(clips), labels) / steps_per_update
                loss.backward()
                if n_acc == steps_per_update and split == "train":
                    n_acc = 0
                    opt.step()
                    opt.zero_grad()

            # the last micro-batches did not fill a whole window: step on them too
            if split == "train" and n_acc != 0:
                opt.step()
                opt.zero_grad()

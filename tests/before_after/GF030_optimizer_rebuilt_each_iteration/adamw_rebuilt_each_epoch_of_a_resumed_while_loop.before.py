import torch
import torch.nn.functional as F


def fit(net, batches, state, epochs):
    epoch = state["epoch"]
    while epoch < epochs:
        # rebuilt at every epoch
        optim = torch.optim.AdamW(net.parameters(), lr=3e-4, weight_decay=0.01)
        first = state["batch"] if epoch == state["epoch"] else 0
        for k in range(first, len(batches)):
            inputs, labels = batches[k]
            optim.zero_grad()
            F.cross_entropy(net(inputs), labels).backward()
            optim.step()
        epoch += 1
        state = {"epoch": epoch, "batch": 0}

import torch

from optim.schedule import InverseSqrtSchedule


class Trainer:
    def __init__(self, net, d_model):
        self.net = net
        self.schedule = InverseSqrtSchedule(torch.optim.Adam(net.parameters(), betas=(0.9, 0.98)), d_model, 4000)

    def train_steps(self, batches, total):
        done = 0
        while done < total:
            src, tgt = batches[done % len(batches)]
            self.schedule.clear()
            loss = torch.nn.functional.cross_entropy(self.net(src), tgt)
            loss.backward()
            self.schedule.update_and_step()
            done += 1


def fit(model, loader, epochs):
    wrapped = InverseSqrtSchedule(torch.optim.AdamW(model.parameters()), 256, 100)
    for _ in range(epochs):
        for x, y in loader:
            wrapped.inner.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            wrapped.update_and_step()

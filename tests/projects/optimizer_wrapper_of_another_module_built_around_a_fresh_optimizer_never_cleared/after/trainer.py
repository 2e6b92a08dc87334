import torch

from optim.schedule import InverseSqrtSchedule


class Trainer:
    def __init__(self, net, d_model):
        self.net = net
        self.schedule = InverseSqrtSchedule(torch.optim.Adam(net.parameters(), betas=(0.9, 0.98)), d_model, 4000)

    def train_steps(self, batches, total):
        done = 0
        while done < total:
            self.schedule.inner.zero_grad(set_to_none=True)
            src, tgt = batches[done % len(batches)]
            loss = torch.nn.functional.cross_entropy(self.net(src), tgt)
            loss.backward()
            self.schedule.update_and_step()
            done += 1

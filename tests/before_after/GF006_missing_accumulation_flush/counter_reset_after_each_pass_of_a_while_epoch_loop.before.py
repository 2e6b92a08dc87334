"""A method whose epochs run in a `while` loop; the window counter is bound with another name
in one tuple assignment before it and reset at the end of each epoch (after the batch loop's
`with` block): each pass counts afresh, and its tail needs a flush."""
import torch


class Runner:
    def __init__(self, network, data, every):
        self.network = network
        self.data = data
        self.every = every
        self.opt = torch.optim.Adam(network.parameters(), lr=1e-3)

    def run(self, rounds):
        done, k = 0, 0
        while done < rounds:
            with torch.enable_grad():
                for sample, label in self.data:
                    err = torch.nn.functional.mse_loss(self.network(sample), label)
                    (err / self.every).backward()
                    k += 1
                    if k % self.every == 0:
                        self.opt.step()
                        self.opt.zero_grad()
            done += 1
            k = 0

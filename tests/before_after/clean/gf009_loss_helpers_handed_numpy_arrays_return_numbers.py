import numpy as np
import torch
import torch.nn.functional as F


def objective_loss(codes, targets, similarity, weight):
    # plain NumPy: the codes and targets are arrays, so is the value
    pairwise = (codes.dot(targets.T) - similarity) ** 2
    return (pairwise.sum() + weight * ((codes - targets) ** 2).sum()) / codes.shape[0]


def alternate(net, optimizer, loader, sim, rounds, n_items, bits):
    table = np.sign(np.random.randn(n_items, bits))
    history = {"objective": [], "seconds": []}
    for r in range(rounds):
        codes = np.zeros((n_items, bits))
        for idx, x in loader:
            out = net(x)
            codes[idx.numpy()] = out.detach().cpu().numpy()
            optimizer.zero_grad()
            loss = F.mse_loss(out, torch.from_numpy(table[idx.numpy()]).float())
            loss.backward()
            optimizer.step()
        table = np.sign(codes)
        value = objective_loss(codes, table, sim.cpu().numpy(), 0.5)
        history["objective"].append(value)
    np.save("objective.npy", np.array(history["objective"]))


class Alternating:
    def __init__(self, net, optimizer):
        self.net = net
        self.optimizer = optimizer
        self.trace = []

    def compute_loss(self, codes, anchors, sim):
        return np.abs(codes @ anchors.T - sim).mean()

    def run(self, batches, anchors, sim, budget):
        step = 0
        while step < budget:
            for x, y in batches:
                self.optimizer.zero_grad()
                err = F.l1_loss(self.net(x), y)
                err.backward()
                self.optimizer.step()
                step += 1
            codes = np.sign(self.net(anchors).detach().numpy())
            gap = self.compute_loss(codes, anchors.numpy(), sim.numpy())
            self.trace.append(gap)
        print(len(self.trace))

import torch


class Learner:
    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    def update(self, batch):
        inputs, targets = batch
        self.opt.zero_grad()
        err = torch.nn.functional.mse_loss(self.net(inputs), targets)
        err.backward(retain_graph=True)
        self.opt.step()
        return err

    def run(self, batches):
        total, k = 0.0, 0
        while k < len(batches):
            err = self.update(batches[k])
            total += float(err)
            k += 1
        return total


class VerboseLearner(Learner):
    def update(self, batch):
        err = super().update(batch)
        print(f"loss {err.item():.4f}")
        return err


if __name__ == "__main__":
    VerboseLearner(torch.nn.Linear(3, 1)).run([(torch.randn(4, 3), torch.randn(4, 1))])

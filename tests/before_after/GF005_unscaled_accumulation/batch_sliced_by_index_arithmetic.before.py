import torch


class Trainer:
    def __init__(self, model, lr, batch_size, accum):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr)
        self.batch_size = batch_size
        self.accum = accum

    def train_epoch(self, data, targets):
        bs = self.batch_size
        perm = torch.randperm(len(data))
        for step in range(len(data) // bs):
            idx = perm[step * bs : (step + 1) * bs]
            x, y = data[idx], targets[idx]
            loss = torch.nn.functional.mse_loss(self.model(x), y)
            loss.backward()
            if (step + 1) % self.accum == 0:
                self.optimizer.step()
                self.optimizer.zero_grad(set_to_none=True)

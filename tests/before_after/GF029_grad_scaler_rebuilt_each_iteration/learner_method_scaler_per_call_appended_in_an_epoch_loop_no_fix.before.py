import torch


class Learner:
    def __init__(self, net):
        self.net = net
        self.optimizer = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)

    def update(self, batch):
        amp_scaler = torch.amp.GradScaler("cpu")
        self.optimizer.zero_grad()
        loss = self.net(batch).pow(2).mean()
        amp_scaler.scale(loss).backward()
        amp_scaler.step(self.optimizer)
        amp_scaler.update()
        return float(loss)


learner = Learner(torch.nn.Linear(5, 1))
losses = []
epoch = 0
while epoch < 4:
    for batch in stream:
        losses.append(learner.update(batch))
    epoch += 1

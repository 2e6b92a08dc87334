import torch


class Loop:
    @staticmethod
    def update(net, optimizer, schedule, batch):
        inputs, labels = batch
        optimizer.zero_grad()
        torch.nn.functional.cross_entropy(net(inputs), labels).backward()
        optimizer.step()
        schedule.step()


def train(net, batches, epochs, fine_tune):
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
    schedule = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=epochs * len(batches))
    if fine_tune:
        optimizer = torch.optim.SGD(net.parameters(), lr=1e-2, momentum=0.9)
    for _ in range(epochs):
        for batch in batches:
            Loop.update(net, optimizer, schedule, batch)

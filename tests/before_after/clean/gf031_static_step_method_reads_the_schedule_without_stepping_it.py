import torch


class Loop:
    @staticmethod
    def update(net, optimizer, schedule, batch):
        inputs, labels = batch
        optimizer.zero_grad()
        torch.nn.functional.cross_entropy(net(inputs), labels).backward()
        optimizer.step()
        return schedule.get_last_lr()


def train(net, batches, epochs):
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
    schedule = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2)
    optimizer = torch.optim.SGD(net.parameters(), lr=1e-2, momentum=0.9)
    for _ in range(epochs):
        for batch in batches:
            Loop.update(net, optimizer, schedule, batch)

import torch


class Trainer:
    EPOCHS = 30

    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)

    def fit(self):
        per_epoch = len(self.loader)
        scheduler = torch.optim.lr_scheduler.StepLR(self.optimizer, step_size=self.EPOCHS // 3)
        source = iter(self.loader)
        for it in range(self.EPOCHS * per_epoch):
            i = it % per_epoch
            if i == 0:
                source = iter(self.loader)
            inputs, labels = next(source)
            self.optimizer.zero_grad(set_to_none=True)
            torch.nn.functional.cross_entropy(self.model(inputs), labels).backward()
            self.optimizer.step()
            scheduler.step()

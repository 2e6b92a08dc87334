"""The hook list built by the engine's `__init__` is added to by a method (`add_hook`): what it
holds when `fit` runs is unknown, so the schedule hook's early step is not judged."""
import torch
import torch.nn as nn


class ScheduleHook:
    def __init__(self, schedule):
        self.schedule = schedule

    def before_iteration(self, engine):
        self.schedule.step()

    def after_iteration(self, engine):
        pass


class CountHook:
    def before_iteration(self, engine):
        pass

    def after_iteration(self, engine):
        engine.seen += 1


class ExtendableEngine:
    def __init__(self, model, optimizer, scheduler, loader, epochs):
        self.model = model
        self.optimizer = optimizer
        self.scheduler = scheduler
        self.loader = loader
        self.epochs = epochs
        self.seen = 0
        self.extended_hooks = [ScheduleHook(self.scheduler), CountHook()]

    def add_hook(self, hook):
        self.extended_hooks.append(hook)

    def update(self, x, y):
        self.optimizer.zero_grad(set_to_none=True)
        loss = nn.functional.cross_entropy(self.model(x), y)
        loss.backward()
        self.optimizer.step()

    def fit(self):
        for _ in range(self.epochs):
            for x, y in self.loader:
                for hook in self.extended_hooks:
                    hook.before_iteration(self)
                self.update(x, y)
                for hook in self.extended_hooks:
                    hook.after_iteration(self)


def main():
    model = nn.Sequential(nn.Linear(5, 16), nn.ReLU(), nn.Linear(16, 2))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=30, gamma=0.5)
    loader = [(torch.randn(8, 5), torch.randint(0, 2, (8,))) for _ in range(6)]
    ExtendableEngine(model, optimizer, scheduler, loader, 4).fit()


if __name__ == "__main__":
    main()

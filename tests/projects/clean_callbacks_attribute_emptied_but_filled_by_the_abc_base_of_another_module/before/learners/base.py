import abc


class Learner(abc.ABC):
    """Runs the tasks one after the other."""

    def fit(self, tasks, epochs):
        for loader in tasks:
            self._before_task(loader)
            self._train(loader, epochs)

    def _before_task(self, loader):
        print("task with", len(loader), "batches")

    def add_hook(self, hook):
        # a hook that clears the gradients before each step (`before_step`)
        self._hooks.append(hook)

    @abc.abstractmethod
    def _train(self, loader, epochs):
        ...

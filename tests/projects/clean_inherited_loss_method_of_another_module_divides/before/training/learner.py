from .base import WindowedLearner


class ClassifierLearner(WindowedLearner):
    def run_epoch(self, batches):
        step = 0
        while step < len(batches):
            inputs, targets = batches[step]
            self.objective(inputs, targets).backward()
            step += 1
            if step % self.grad_windows == 0:
                self.optimizer.step()
                self.optimizer.zero_grad()
        if step % self.grad_windows != 0:
            self.optimizer.step()
            self.optimizer.zero_grad()

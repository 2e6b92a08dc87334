from engine import Engine


class SGDLoop(Engine):
    def end_of_epoch(self, epoch):
        # the micro-batches after the last whole window
        self.optimizer.step()
        self.optimizer.zero_grad()
        print("epoch", epoch, "done")

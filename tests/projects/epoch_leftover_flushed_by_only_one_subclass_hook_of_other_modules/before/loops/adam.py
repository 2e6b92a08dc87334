from engine import Engine


class AdamLoop(Engine):
    def end_of_epoch(self, epoch):
        print("epoch", epoch, "done")

from transformers import Seq2SeqTrainer, TrainerCallback


class NormMonitor(TrainerCallback):
    def __init__(self):
        self.norms = []

    def on_pre_optimizer_step(self, args, state, control, **kw):
        net = kw.get("model")
        total = sum(float(p.grad.norm()) for p in net.parameters() if p.grad is not None)
        self.norms.append(total)
        net.zero_grad()


def run(model, training_args, train_set):
    monitor = NormMonitor()
    trainer = Seq2SeqTrainer(model=model, args=training_args, train_dataset=train_set)
    trainer.add_callback(monitor)
    trainer.train()
    return monitor.norms

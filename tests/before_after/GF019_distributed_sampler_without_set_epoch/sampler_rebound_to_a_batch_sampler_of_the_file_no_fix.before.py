import torch
from torch.utils.data import BatchSampler, DataLoader, RandomSampler
from torch.utils.data.distributed import DistributedSampler


class BucketBatchSampler(BatchSampler):
    """Batches of samples of similar length."""


class Distill:
    def __init__(self, texts, student, teacher, params):
        if params.gpus > 1:
            sampler = DistributedSampler(texts)
        else:
            sampler = RandomSampler(texts)
        if params.bucket:
            sampler = BucketBatchSampler(sampler, batch_size=params.batch_size, drop_last=False)
        else:
            sampler = BatchSampler(sampler=sampler, batch_size=params.batch_size, drop_last=False)
        self.loader = DataLoader(texts, batch_sampler=sampler)
        self.student = student
        self.teacher = teacher
        self.params = params
        self.epoch = 0
        self.optimizer = torch.optim.AdamW(student.parameters(), lr=5e-4)

    def step(self, ids):
        with torch.no_grad():
            target = self.teacher(ids).softmax(-1)
        loss = torch.nn.functional.kl_div(self.student(ids).log_softmax(-1), target, reduction="batchmean")
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()

    def train(self):
        for _ in range(self.params.n_epoch):
            for ids in self.loader:
                self.step(ids)
            self.epoch += 1

def backward_and_step(scaler, loss, opt):
    scaler.scale(loss).backward()
    scaler.step(opt)
    scaler.update()

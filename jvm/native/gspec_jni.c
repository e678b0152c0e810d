/*
 * dev.gspec.Engine's native methods over gspec.h: each is one call of the C
 * API, with Java arrays copied in and out. A call that can decide events takes
 * them in the same native call, into the engine's direct buffer (one JNI
 * transition a sample, no array pinned): Engine.java reads the records from
 * there. Linked with libgspec.a into
 * libgspec_jni.so (jvm/build.sh). The engine pointer travels as a jlong;
 * Engine.java never passes one it has freed (its methods are synchronized and
 * check it). Text crosses as UTF-8 byte arrays: JNI's strings are modified
 * UTF-8, which differs for NUL and characters outside the BMP.
 */
#include <jni.h>
#include <stdint.h>
#include "gspec.h"

#define ENGINE(e) ((gspec_engine *)(intptr_t)(e))

/* BEGIN generated from the runtime's lists (CClientEmitter.eventCopy): do not edit by hand */
/* One event in the buffer events cross in (Engine.java's RECORD bytes): time x y value0 value1 velocity0 velocity1 projected rest as doubles, then gesture taps view state direction input touch fingers anchor as 32-bit ints, in the machine's byte order. */
#define EVENT_RECORD 112

static void copy_event(const gspec_event *v, unsigned char *record) {
    double *f = (double *)record;
    int32_t *i = (int32_t *)(record + 72);
    f[0] = v->time;
    f[1] = v->x;
    f[2] = v->y;
    f[3] = v->value0;
    f[4] = v->value1;
    f[5] = v->velocity0;
    f[6] = v->velocity1;
    f[7] = v->projected;
    f[8] = v->rest;
    i[0] = v->gesture;
    i[1] = v->taps;
    i[2] = v->view;
    i[3] = v->state;
    i[4] = v->direction;
    i[5] = v->input;
    i[6] = v->touch;
    i[7] = v->fingers;
    i[8] = v->anchor;
}
/* END generated (CClientEmitter.eventCopy) */

/* The engine's output as a new byte[]. */
static jbyteArray output(JNIEnv *env, gspec_engine *engine) {
    int32_t n = gspec_engine_output_len(engine);
    jbyteArray out = (*env)->NewByteArray(env, n);
    if (out && n > 0) (*env)->SetByteArrayRegion(env, out, 0, n, (const jbyte *)gspec_engine_output_ptr(engine));
    return out;
}

JNIEXPORT jlong JNICALL Java_dev_gspec_Engine_nOpen(JNIEnv *env, jclass cls, jbyteArray table, jbyteArray error) {
    (void)cls;
    jsize n = (*env)->GetArrayLength(env, table), capacity = (*env)->GetArrayLength(env, error);
    jbyte *bytes = (*env)->GetByteArrayElements(env, table, NULL);
    if (!bytes) return 0;  /* OutOfMemoryError pending */
    char message[1024];
    gspec_engine *engine = gspec_engine_new(bytes, n, message, sizeof message);
    (*env)->ReleaseByteArrayElements(env, table, bytes, JNI_ABORT);
    if (!engine) {
        jsize length = 0;
        while (length < capacity - 1 && length < (jsize)sizeof message - 1 && message[length]) length++;
        (*env)->SetByteArrayRegion(env, error, 0, length, (const jbyte *)message);
    }
    return (jlong)(intptr_t)engine;
}

JNIEXPORT void JNICALL Java_dev_gspec_Engine_nFree(JNIEnv *env, jclass cls, jlong e) {
    (void)env, (void)cls;
    gspec_engine_free(ENGINE(e));
}

JNIEXPORT jbyteArray JNICALL Java_dev_gspec_Engine_nName(JNIEnv *env, jclass cls, jlong e, jint list, jint index) {
    (void)cls;
    int32_t n = gspec_engine_name(ENGINE(e), list, index, NULL, 0);
    if (n < 0) return NULL;
    /* Written into a Java array of n + 1 bytes (the NUL), copied to one of n: names are read once per engine, and no malloc here. */
    jbyteArray buffer = (*env)->NewByteArray(env, n + 1), out = (*env)->NewByteArray(env, n);
    if (!buffer || !out) return NULL;
    jbyte *bytes = (*env)->GetByteArrayElements(env, buffer, NULL);
    if (!bytes) return NULL;
    gspec_engine_name(ENGINE(e), list, index, (char *)bytes, n + 1);
    (*env)->SetByteArrayRegion(env, out, 0, n, bytes);
    (*env)->ReleaseByteArrayElements(env, buffer, bytes, JNI_ABORT);
    return out;
}

JNIEXPORT jint JNICALL Java_dev_gspec_Engine_nCarriedStates(JNIEnv *env, jclass cls) {
    (void)env, (void)cls;
    return (jint)GSPEC_CARRIED_STATES;
}

/* What a call that can decide events returns (Engine.java's took): the number of records it appended to the buffer at
 * `used`; REFUSED when the runtime refused the call (its reason in the output, nOutput); minus the number taken when
 * they did not fit in `capacity` records (they stay in the output: Engine.java grows the buffer and calls nRead). */
#define REFUSED INT32_MIN

static jint drain(gspec_engine *engine, int32_t refused, jlong buffer, jint used, jint capacity) {
    if (refused) return REFUSED;
    int32_t count = gspec_engine_take_events(engine);
    if (count == 0) return 0;
    if (count > capacity - used) return -count;
    const gspec_event *events = gspec_engine_output_ptr(engine);
    unsigned char *records = (unsigned char *)(intptr_t)buffer + (size_t)used * EVENT_RECORD;
    for (int32_t k = 0; k < count; k++) copy_event(&events[k], records + (size_t)k * EVENT_RECORD);
    return count;
}

JNIEXPORT jlong JNICALL Java_dev_gspec_Engine_nAddress(JNIEnv *env, jclass cls, jobject buffer) {
    (void)cls;
    return (jlong)(intptr_t)(*env)->GetDirectBufferAddress(env, buffer);
}

JNIEXPORT jbyteArray JNICALL Java_dev_gspec_Engine_nOutput(JNIEnv *env, jclass cls, jlong e) {
    (void)cls;
    return output(env, ENGINE(e));
}

JNIEXPORT jint JNICALL Java_dev_gspec_Engine_nFeed(JNIEnv *env, jclass cls, jlong e, jdouble t, jlong touch, jint phase, jdouble x, jdouble y,
                                                   jint view, jint pointer, jlong buffer, jint used, jint capacity) {
    (void)env, (void)cls;
    return drain(ENGINE(e), gspec_engine_feed(ENGINE(e), t, touch, phase, x, y, view, pointer), buffer, used, capacity);
}

JNIEXPORT jint JNICALL Java_dev_gspec_Engine_nEndFrame(JNIEnv *env, jclass cls, jlong e, jlong buffer, jint used, jint capacity) {
    (void)env, (void)cls;
    gspec_engine_end_frame(ENGINE(e));
    return drain(ENGINE(e), 0, buffer, used, capacity);
}

JNIEXPORT jint JNICALL Java_dev_gspec_Engine_nAdvance(JNIEnv *env, jclass cls, jlong e, jdouble t, jlong buffer, jint used, jint capacity) {
    (void)env, (void)cls;
    return drain(ENGINE(e), gspec_engine_advance(ENGINE(e), t), buffer, used, capacity);
}

JNIEXPORT jint JNICALL Java_dev_gspec_Engine_nFinish(JNIEnv *env, jclass cls, jlong e, jlong buffer, jint used, jint capacity) {
    (void)env, (void)cls;
    gspec_engine_finish(ENGINE(e));
    return drain(ENGINE(e), 0, buffer, used, capacity);
}

/* The records a drain could not fit, still in the output, into the grown buffer at `used`. */
JNIEXPORT void JNICALL Java_dev_gspec_Engine_nRead(JNIEnv *env, jclass cls, jlong e, jlong buffer, jint used, jint count) {
    (void)env, (void)cls;
    const gspec_event *events = gspec_engine_output_ptr(ENGINE(e));
    int32_t available = gspec_engine_output_len(ENGINE(e)) / (int32_t)sizeof(gspec_event);
    unsigned char *records = (unsigned char *)(intptr_t)buffer + (size_t)used * EVENT_RECORD;
    for (int32_t k = 0; k < count && k < available; k++) copy_event(&events[k], records + (size_t)k * EVENT_RECORD);
}

JNIEXPORT jint JNICALL Java_dev_gspec_Engine_nGestureView(JNIEnv *env, jclass cls, jlong e, jint gesture) {
    (void)env, (void)cls;
    return gspec_engine_gesture_view(ENGINE(e), gesture);
}

JNIEXPORT jdouble JNICALL Java_dev_gspec_Engine_nNextDeadline(JNIEnv *env, jclass cls, jlong e) {
    (void)env, (void)cls;
    return gspec_engine_next_deadline(ENGINE(e));
}

JNIEXPORT jdouble JNICALL Java_dev_gspec_Engine_nClock(JNIEnv *env, jclass cls, jlong e) {
    (void)env, (void)cls;
    return gspec_engine_clock(ENGINE(e));
}

JNIEXPORT jint JNICALL Java_dev_gspec_Engine_nControl(JNIEnv *env, jclass cls, jlong e, jdouble t, jint index, jbyteArray key,
                                                      jbyteArray value, jlong buffer, jint used, jint capacity) {
    (void)cls;
    jsize keyN = (*env)->GetArrayLength(env, key), valueN = (*env)->GetArrayLength(env, value);
    jbyte *k = (*env)->GetByteArrayElements(env, key, NULL);
    if (!k) return 0;  /* OutOfMemoryError pending */
    jbyte *v = (*env)->GetByteArrayElements(env, value, NULL);
    if (!v) {
        (*env)->ReleaseByteArrayElements(env, key, k, JNI_ABORT);
        return 0;
    }
    int32_t refused = gspec_engine_control(ENGINE(e), t, index, (const char *)k, keyN, (const char *)v, valueN);
    (*env)->ReleaseByteArrayElements(env, value, v, JNI_ABORT);
    (*env)->ReleaseByteArrayElements(env, key, k, JNI_ABORT);
    return drain(ENGINE(e), refused, buffer, used, capacity);
}

JNIEXPORT jint JNICALL Java_dev_gspec_Engine_nAction(JNIEnv *env, jclass cls, jlong e, jdouble t, jint gesture, jdouble x, jdouble y,
                                                     jlong buffer, jint used, jint capacity) {
    (void)env, (void)cls;
    return drain(ENGINE(e), gspec_engine_action(ENGINE(e), t, gesture, x, y), buffer, used, capacity);
}

JNIEXPORT jboolean JNICALL Java_dev_gspec_Engine_nIsEnabled(JNIEnv *env, jclass cls, jlong e, jint gesture) {
    (void)env, (void)cls;
    return gspec_engine_is_enabled(ENGINE(e), gesture) ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT void JNICALL Java_dev_gspec_Engine_nSetScreen(JNIEnv *env, jclass cls, jlong e, jdouble width, jdouble height) {
    (void)env, (void)cls;
    gspec_engine_set_screen(ENGINE(e), width, height);
}

JNIEXPORT jbyteArray JNICALL Java_dev_gspec_Engine_nAnomalies(JNIEnv *env, jclass cls, jlong e) {
    (void)cls;
    gspec_engine_anomalies(ENGINE(e));
    return output(env, ENGINE(e));
}
